let () = print_int (Cart.grand [ 1; 2 ] + summary 3)
