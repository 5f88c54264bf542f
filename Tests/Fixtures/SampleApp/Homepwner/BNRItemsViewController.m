#import "BNRItemsViewController.h"
#import "BNRDetailViewController.h"

@interface BNRItemsViewController ()
@property (nonatomic, strong) UIPopoverController *imagePickerPopover;
@end

@implementation BNRItemsViewController

- (void)addNewItem:(id)sender
{
    BNRDetailViewController *detail = [[BNRDetailViewController alloc] initForNewItem:YES];
    [self presentViewController:detail animated:YES completion:nil];
}

@end
