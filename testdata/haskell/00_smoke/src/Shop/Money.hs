module Shop.Money (plus, zero) where

plus :: Int -> Int -> Int
plus a b = a + b

zero :: Int
zero = 0
