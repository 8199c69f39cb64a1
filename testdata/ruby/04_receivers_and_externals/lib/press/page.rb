module Press
  class Page
    attr_reader :title

    def initialize(title)
      @title = title
    end

    def render
      Renderer.new.draw(title)
    end

    def self.load(path)
      text = File.read(path)
      seen = Set.new
      seen.add(text)
      new(text).publish
    end

    def publish
      self.class.registry
    end

    def self.registry; end
  end
end
