import Shop

func checkout() {
    let cart = Cart()
    cart.add(100)
}

checkout()
