module Zoo
  module Polite
    def speak
      "please, " + super
    end
  end
end
