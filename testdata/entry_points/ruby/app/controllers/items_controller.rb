class ItemsController < ApplicationController
  def index; end
  def show; end
  def update; end
  def export; end
end
