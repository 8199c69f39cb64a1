#!/usr/bin/env ruby
require "shop"
Shop.checkout(ARGV)
