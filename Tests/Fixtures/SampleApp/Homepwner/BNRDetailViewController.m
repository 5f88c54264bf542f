#import "BNRDetailViewController.h"

@interface BNRDetailViewController () <UIImagePickerControllerDelegate>
@property (nonatomic, strong) UIPopoverController *imagePickerPopover;
@end

/* @implementation NotThisOne — a comment is not a declaration */

@implementation BNRDetailViewController

- (IBAction)takePicture:(id)sender
{
    // { braces in comments do not count }
    UIImagePickerController *picker = [[UIImagePickerController alloc] init];
    self.imagePickerPopover = [[UIPopoverController alloc] initWithContentViewController:picker];
}

@end
