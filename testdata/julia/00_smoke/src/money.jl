module Money

plus(a, b) = a + b

function round_price(x)
    round(Int, x)
end

end
