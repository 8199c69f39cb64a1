Rails.application.routes.draw do
  resources :photos, only: [:index, :show]
  resource :profile
  get "archive", to: "photos#archive"
  namespace :admin do
    resources :users
  end
end
