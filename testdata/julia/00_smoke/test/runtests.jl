using Test
using Shop

@testset "cart" begin
    @testset "adds a price" begin
        @test Shop.add(Shop.Cart(1), 2).total == 3
    end
end
