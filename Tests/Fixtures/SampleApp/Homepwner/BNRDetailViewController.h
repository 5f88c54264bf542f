#import <UIKit/UIKit.h>

@interface BNRDetailViewController : UIViewController <UINavigationControllerDelegate>
- (instancetype)initForNewItem:(BOOL)isNew;
@end
