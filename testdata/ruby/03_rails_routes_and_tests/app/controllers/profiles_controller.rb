class ProfilesController < ApplicationController
  def show; end
  def index; end
end
