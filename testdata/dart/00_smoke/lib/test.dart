// a file of this package named like package:test's library
void expect(Object a, Object b) {}
