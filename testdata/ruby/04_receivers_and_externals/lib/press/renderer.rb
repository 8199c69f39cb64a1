module Press
  class Renderer
    def draw(text)
      text.strip
    end
  end
end
