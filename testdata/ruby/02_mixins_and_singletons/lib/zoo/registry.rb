module Zoo
  module Registry
    def register(name)
      all << name
    end

    def all
      @all ||= []
    end
  end

  module Naming
    module_function

    def label(name)
      name.to_s
    end
  end
end
