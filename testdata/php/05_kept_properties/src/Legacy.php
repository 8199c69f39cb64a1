<?php

namespace Mail;

// PHP 5 style: types only in docblocks (0.7).
class Legacy
{
    /**
     * @var Queue the outgoing queue
     */
    protected $queue;

    /** @var Queue[] */
    protected $queues;

    /**
     * @param Transport $transport how mail leaves
     * @param string $to
     */
    public function send($transport, $to)
    {
        $transport->deliver($to);
        $this->queue->push($to);
        $this->make()->push($to);
    }

    /**
     * @return Queue
     */
    public function make()
    {
        return $this->queue;
    }
}
