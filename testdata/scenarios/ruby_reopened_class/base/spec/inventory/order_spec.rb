require "inventory/order"

RSpec.describe Inventory::Order do
  let(:order) { Inventory::Order.new(2) }

  describe "#place" do
    it "reserves the amount" do
      order.place
    end
  end

  it "starts with stock" do
    expect(order).to be
  end
end
