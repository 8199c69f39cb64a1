module Press
  Margin = Struct.new(:left, :right) do
    def width
      left + right
    end
  end

  class Layout
    def width
      Margin.new(1, 2).width
    end
  end
end
