open Money

let log message = print_endline message

let add cart price =
  log "add";
  plus cart (Tax.rate price)

module Totals = struct
  let total items = List.fold_left add zero items
end

let grand items = Totals.total items

let%test "adds a price" = add 1 2 = 3
