module Zoo
  module Loud
    def speak
      "#{sound.upcase}!"
    end
  end
end
