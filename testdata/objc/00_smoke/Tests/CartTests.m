#import <XCTest/XCTest.h>

@implementation CartTests
- (void)setUp {}
- (void)testAdds {
    XCTAssertEqual([[Cart new] add:1 to:2], 3);
}
@end
