module Sluggable
  def slug
    title.parameterize
  end
end
