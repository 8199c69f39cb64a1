# Zeitwerk: no file opens `module Admin`; the folder does.
class Admin::UsersController < ApplicationController
  def index
    BlogPost.published
  end

  def show; end

  def stats; end
end
