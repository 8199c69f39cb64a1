module Acme
  module Billing
    class Config
      def self.load; end
    end
  end
end
