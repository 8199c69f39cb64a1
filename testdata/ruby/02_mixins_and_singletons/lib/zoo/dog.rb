module Zoo
  class Dog < Animal
    include Loud
    prepend Polite

    def sound
      "woof"
    end

    def greet
      speak
    end
  end
end
