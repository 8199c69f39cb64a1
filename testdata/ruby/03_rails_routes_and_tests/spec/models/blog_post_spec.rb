require "rails_helper"

RSpec.describe BlogPost do
  let(:post) { BlogPost.new }

  describe "#publish!" do
    it "publishes" do
      post.publish!
    end
  end

  it "has a slug" do
    expect(post.slug).to be
  end
end
