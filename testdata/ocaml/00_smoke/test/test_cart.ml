let test_add () = assert (Cart.add 1 2 = 3)

let () = test_add ()
