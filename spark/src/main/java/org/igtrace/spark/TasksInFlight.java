package org.igtrace.spark;

import java.util.HashSet;
import java.util.Set;
import org.apache.spark.SparkContext;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * The tasks of a job that are still running, so that a failed job's error line is printed after
 * Spark's own messages about it: when a task fails, Spark kills the job's other tasks and logs each
 * ("Lost task ... TaskKilled", "Putting block ... failed") after the driver has learnt of the failure.
 * The line igtrace prints, naming the damaged file, is then the last line of standard error.
 */
final class TasksInFlight extends SparkListener {
    private final Set<Long> running = new HashSet<>();
    private boolean failed;

    static TasksInFlight attach(SparkContext spark) {
        TasksInFlight tasks = new TasksInFlight();
        spark.addSparkListener(tasks);
        return tasks;
    }

    @Override
    public synchronized void onTaskStart(SparkListenerTaskStart start) {
        running.add(start.taskInfo().taskId());
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
        running.remove(end.taskInfo().taskId());
        failed |= !(end.reason() instanceof Success$);
        notifyAll();
    }

    /**
     * Waits until Spark has reported a failed task and no task is running any more, or until
     * {@code millis} have passed.
     *
     * @param millis the longest wait
     * @return whether that state was reached
     */
    synchronized boolean awaitSettled(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        try {
            while (!(failed && running.isEmpty())) {
                long left = (end - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return false;
                }
                wait(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }
}
