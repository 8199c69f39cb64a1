#import <Foundation/Foundation.h>
#import "Money.h"

static int clamp(int value) { return value < 0 ? 0 : value; }

@implementation Cart
- (int)add:(int)price to:(int)total {
    [self log:price];
    NSLog(@"%d", clamp(price));
    [NSString stringWithFormat:@"%d", price];
    return [Money plus:round_price(price) with:total];
}
- (void)log:(int)price {
    [[self ledger] record:price];
}
@end
