@interface Money : NSObject
+ (int)plus:(int)a with:(int)b;
@end
int round_price(int value);
