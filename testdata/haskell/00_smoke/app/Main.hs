module Main where

import Shop.Cart (add)

main :: IO ()
main = print (add 1 2 + summary 3)
