module Shop

include("money.jl")
using .Money

export Cart, add

struct Cart
    total::Int
end

function add(cart::Cart, price)
    log_line("add")
    Cart(plus(cart.total, price))
end

log_line(x) = println(x)

total(cart) = Money.round_price(cart.total)

end
