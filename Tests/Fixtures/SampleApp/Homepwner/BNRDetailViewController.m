#import "BNRDetailViewController.h"

@interface BNRDetailViewController () <UIImagePickerControllerDelegate, UIPopoverControllerDelegate>
@property (nonatomic, strong) UIPopoverController *imagePickerPopover;
@end

/* @implementation NotThisOne — a comment is not a declaration */

@implementation BNRDetailViewController

- (void)viewWillAppear:(BOOL)animated
{
    [super viewWillAppear:animated];
}

- (IBAction)takePicture:(id)sender
{
    // { braces in comments do not count }
    UIImagePickerController *picker = [[UIImagePickerController alloc] init];
    picker.delegate = self;
    self.imagePickerPopover = [[UIPopoverController alloc] initWithContentViewController:picker];
    self.imagePickerPopover.delegate = self;
    [self.imagePickerPopover presentPopoverFromBarButtonItem:sender
                                    permittedArrowDirections:UIPopoverArrowDirectionAny
                                                    animated:YES];
}

- (void)popoverControllerDidDismissPopover:(UIPopoverController *)popoverController
{
    self.imagePickerPopover = nil;
}

@end
