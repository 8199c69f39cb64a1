-- a decoy: the same names, imported by no one
module Ledger where

plus :: Int -> Int -> Int
plus a b = a - b

summary :: Int -> Int
summary = id
