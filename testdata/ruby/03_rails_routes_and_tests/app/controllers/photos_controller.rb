class PhotosController < ApplicationController
  def index; end
  def show
    post = BlogPost.new
    post.publish!
  end
  def create; end
  def destroy; end
  def archive; end
  def rotate; end
end
