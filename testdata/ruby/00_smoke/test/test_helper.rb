require "minitest/autorun"
require "shop"
