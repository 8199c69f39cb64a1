module Shop.CartSpec (spec) where

import Test.Hspec
import Shop.Cart

spec :: Spec
spec = describe "cart" $ do
  it "adds a price" $ do
    add 1 2 `shouldBe` 3
  it "totals" $ do
    total [1, 2] `shouldBe` 3
