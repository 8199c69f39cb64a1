class BlogPost < ApplicationRecord
  include Sluggable

  def self.published
    where(published: true)
  end

  def publish!
    update(published: true)
    slug
  end
end
