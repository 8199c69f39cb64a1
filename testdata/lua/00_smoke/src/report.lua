-- no require: `shop_total` is a global some other file defines
function print_report(cart)
  return shop_total(cart)
end

function shop_total(cart)
  return cart.total
end

function run(cart)
  return print_report(cart), unknown_thing(cart), cart:format()
end
