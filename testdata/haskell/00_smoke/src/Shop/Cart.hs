module Shop.Cart (add, total) where

import Shop.Money
import qualified Shop.Tax as T
import qualified Data.Map as Map

add :: Int -> Int -> Int
add cart price = plus cart (withTax price)
  where
    withTax x = x + T.rate x

total :: [Int] -> Int
total xs = foldr add zero xs + Map.size Map.empty
