#import <UIKit/UIKit.h>

@class BNRItem;

@interface BNRItemsViewController : UITableViewController
@end
