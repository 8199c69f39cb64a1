# Decoys: `add` and `read` are also method names here.
module Press
  class Shelf
    def add(page); end

    def read; end

    def fill(pages)
      pages.each { |page| page.render }
    end
  end

  class Poster
    def render; end
  end
end
