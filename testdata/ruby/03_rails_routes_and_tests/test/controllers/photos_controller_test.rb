require "test_helper"

class PhotosControllerTest < ActionDispatch::IntegrationTest
  test "shows a photo" do
    PhotosController.new.show
  end

  def test_lists
    get photos_url
  end
end
