package shop

class OtherSuite extends munit.FunSuite {
  test("unrelated") {
    assertEquals(1, 1)
  }
}
