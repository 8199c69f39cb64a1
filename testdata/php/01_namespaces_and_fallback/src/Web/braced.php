<?php

namespace App\Web\Admin {
    use App\Text;

    class Panel
    {
        public function open(): void
        {
        }

        public function show(): void
        {
            Text\format('through a namespace alias');
            format('App\Web\Admin has none: the global namespace has none');
        }
    }
}

namespace App\Web\Api {
    class Panel
    {
        public function show(): void
        {
            (new Panel())->open();
        }

        public function open(): void
        {
        }
    }
}
