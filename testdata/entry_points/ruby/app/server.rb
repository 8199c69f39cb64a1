require "sinatra"

get "/health" do
  "ok"
end

post "/items" do
  status 201
end
