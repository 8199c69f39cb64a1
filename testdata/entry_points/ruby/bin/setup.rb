puts "setting up"
