puts "items"
