# a decoy: the same names, included by no one
plus(a, b) = a - b

function summary(cart)
    total(cart)
end
