export interface Item { price(): number }
