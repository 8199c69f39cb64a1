module Zoo
  class Animal
    extend Registry

    def self.create(name)
      register(name)
      new(name)
    end

    class << self
      def kinds
        all
      end
    end

    def initialize(name)
      @name = Naming.label(name)
    end

    def speak
      sound
    end

    def sound
      "..."
    end
  end
end

module Zoo
  class Cage
    def self.capacity
      4
    end

    capacity
  end
end
