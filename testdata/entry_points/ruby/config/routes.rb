Rails.application.routes.draw do
  resources :items, except: [:update]
  post "items/export", to: "items#export"
end
