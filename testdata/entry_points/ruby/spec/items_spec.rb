RSpec.describe "items" do
  it "lists" do
  end
end
